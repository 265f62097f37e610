from rules.io import errors as _errors  # noqa: F401  (registers the scenario command's error codes)
