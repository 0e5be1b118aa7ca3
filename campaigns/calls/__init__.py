"""Calls and cards: the character card, the GM's call for a roll from it and its answer, the
"Call for a roll" section, and saved rolls and calls.

May import: campaigns.common, campaigns.plugins, campaigns.models, campaigns.secrets, campaigns.table.
"""
