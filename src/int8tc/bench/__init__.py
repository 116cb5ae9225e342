"""Benchmarks behind the ``int8tc`` command line."""
