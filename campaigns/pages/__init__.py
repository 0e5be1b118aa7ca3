"""The web layer: every view a URL in campaigns/urls.py names (the table page, the card's
steps, calls, saved calls, fairness, the campaign's life, settings, people, needs), the
middleware that answers a failed database, and the decorators the systems' step views are made
with (step_views: toolkit.steps' answers behind the login, the method and who may take the step).

May import: every layer below: common, plugins, models, secrets, table, calls, life, toolkit.
Only campaigns.systems, the admin, urls and routing sit above it.
"""
