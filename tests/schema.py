"""Validates messages of the Doska protocol against docs/protocol.schema.json.

Reads one JSON message a line from standard input; each must be a request or a reply
of the schema. Prints each message that is neither, with why, and exits 1 if any was.
"""

import json
import pathlib
import sys

import jsonschema

SCHEMA = pathlib.Path(__file__).resolve().parent.parent / "docs" / "protocol.schema.json"


def main() -> int:
    schema = json.loads(SCHEMA.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    bad = 0
    count = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        count += 1
        message = json.loads(line)
        errors = list(validator.iter_errors(message))
        if errors:
            bad += 1
            best = jsonschema.exceptions.best_match(errors)
            print(f"{line.strip()[:300]}\n  -> {best.message}", file=sys.stderr)
    print(f"{count} messages, {bad} outside the schema")
    return 1 if bad or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
