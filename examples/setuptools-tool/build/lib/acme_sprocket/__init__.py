"""acme-sprocket: cuts sprockets from a tooth profile."""

__version__ = "0.3.0"
