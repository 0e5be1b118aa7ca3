"""What the systems' apps build their steps from: a step's shape and refusals (steps), a
multi-step call's turns, a skill's stat, the GM's quick notes. The generic pages use steps too.

May import: every layer below: common, plugins, models, secrets, table, calls, life.
"""
