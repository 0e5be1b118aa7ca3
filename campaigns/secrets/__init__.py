"""What each audience may see, and why it can trust it: visibility decided once on the server,
the GM's committed secrets, and the fairness counts of the dice.

May import: campaigns.common, campaigns.plugins, campaigns.models.
"""
