"""acme-widget: turns widget specs into widgets."""

__version__ = "0.1.0"
