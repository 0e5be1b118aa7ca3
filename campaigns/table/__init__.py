"""The live table: every write through a named action (actions, commitment_actions, the ledger),
the events and rows of the log, the pushes to open tables (live, consumers, presence, signals),
the card's last roll, the tabs, the "Needs you" strip, the table's forms, and each post counted once.

May import: campaigns.common, campaigns.plugins, campaigns.models, campaigns.secrets.
"""
