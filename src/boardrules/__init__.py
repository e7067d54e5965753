"""boardrules: exact rules engines for fantasy strategy board games."""

__version__ = "0.1.0"
