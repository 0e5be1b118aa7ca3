"""The dice systems, each its own Django app (campaigns/systems/<key>/), registered with
campaigns.plugins.registry by its AppConfig.

A system may import any generic layer; no generic layer imports a system (it asks the registry).
"""
