class RulesError(ValueError):
    """A rule was broken by the input. The message is written for players."""
