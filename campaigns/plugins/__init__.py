"""The plug-in contract: the registry each system's app fills (registry), the adapter a system
gives (base), and the kinds of roll and call the generic code asks for (roll_kind, and the
two every campaign has: card_kind, notation_kind). The generic code asks the registry and never
names a system.

May import: campaigns.common. Never campaigns.systems: the systems import this, not back.
"""
