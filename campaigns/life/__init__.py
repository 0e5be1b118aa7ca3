"""The campaign's life: archived, brought back and deleted (lifecycle), its settings, its export,
and who may open its pages (access).

May import: every layer below: common, plugins, models, secrets, table, calls.
"""
