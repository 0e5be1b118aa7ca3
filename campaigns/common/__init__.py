"""The plain parts every layer shares, knowing no campaign row and no system: what a form
accepts from a browser (inputs), the sources of chance and time, reads made once per page,
the form renderer, who is looking (audience), the dice the fairness page counts, and the odds
charts.

May import: nothing else in campaigns (Django's campaigns.templatetags.dice aside).
"""
