"""grader/lab/yaml_files.py reads trusted YAML with libyaml when it can: the data must be exactly
what PyYAML's own safe parser gives, for every YAML file the project ships, and a broken file
must still be reported with PyYAML's own words."""

import pytest
import yaml

from grader.lab.yaml_files import load_yaml
from tests.lab_loader import ROOT

SHIPPED = sorted(path for folder in ("labs", "grader", "rubrics", "buggy_variants", "reference", "starter", "examples", "tools") for path in (ROOT / folder).rglob("*.y*ml")
                 if path.suffix in (".yaml", ".yml"))


def test_there_are_shipped_yaml_files_to_compare():
    assert len(SHIPPED) > 10, SHIPPED


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_shipped_file_reads_the_same_with_both_parsers(path):
    text = path.read_text(encoding="utf-8")
    assert load_yaml(text) == yaml.safe_load(text)


def test_a_broken_file_is_reported_as_pyyaml_words_it():
    broken = "activities:\n  - id: A1\n   points: [1, 2\n"
    with pytest.raises(yaml.YAMLError) as ours:
        load_yaml(broken)
    with pytest.raises(yaml.YAMLError) as theirs:
        yaml.safe_load(broken)
    assert str(ours.value) == str(theirs.value)


def test_what_the_safe_parser_refuses_stays_refused():
    with pytest.raises(yaml.YAMLError):
        load_yaml("!!python/object/apply:os.system ['echo hacked']")
