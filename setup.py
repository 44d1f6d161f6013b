"""Packaging glue that pyproject.toml alone cannot express.

resources/ sits at the top of the repository but is installed inside the
package as ``director/resources`` (pyproject.toml maps the folder), and a
folder mapped like that is not found by automatic package discovery: it is
added to the list by hand here.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["director", "director.*"]), "director.resources"])
