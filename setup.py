"""The packages are found, not listed, so a new one cannot be left out of the wheel (issue 28): every
folder of pyrules/, with or without an __init__.py (the corpus' folders and the encodings hold data).
Everything else is in pyproject.toml."""

from setuptools import find_namespace_packages, setup

setup(packages=find_namespace_packages(include=["pyrules", "pyrules.*"], exclude=["*__pycache__"]))
