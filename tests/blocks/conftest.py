"""The block tests (tests/blocks/): each runs one ``@rule`` block of asp/ alone on a few facts (blockrun.py)."""


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "rule_block(*names): the @rule blocks of asp/ a test runs alone (tests/blocks)")
