#!/usr/bin/env python3
"""Checks a SARIF file from tools/gpumem-sarif.py.

    sarif_check.py FILE.sarif                   validate, print a summary
    sarif_check.py --same-fingerprints A B      the results of A and B have
                                                the same fingerprints
    sarif_check.py --fingerprint-changed RULE A B
                                                only RULE's fingerprint moved

Validation is against the SARIF 2.1.0 JSON schema's constraints for every
object this converter writes, restated below (no copy of the schema ships:
no Debian package carries it, and the tests have no network): required
properties, property types, enumerations, minimums, and
"additionalProperties": false, which the schema sets on all of these
objects (property bags excepted). Then the converter's own promises:
driver name, version and informationUri, one rule per gpumem check, rule
indexes, repo-relative URIs, regions, fingerprints.

The summary, one line per result, is for FileCheck.
"""

import json
import re
import sys
import urllib.parse
from pathlib import Path

# --- The SARIF 2.1.0 schema, restated for the objects used ------------------
# Each definition: required properties and the type of every allowed one.
# Types: "string", "integer", "integer>=N", "boolean", "uri" (absolute),
# "uri-reference", ("enum", values), ("ref", definition),
# ("array", item type, minItems, uniqueItems), ("map", value type).

LEVEL = ("enum", ["none", "note", "warning", "error"])
SCHEMA = {
    "sarifLog": {
        "required": ["version", "runs"],
        "properties": {
            "$schema": "uri", "version": ("enum", ["2.1.0"]),
            "runs": ("array", ("ref", "run"), 0, False),
            "inlineExternalProperties": "any",
            "properties": ("ref", "propertyBag")}},
    "run": {
        "required": ["tool"],
        "properties": {
            "tool": ("ref", "tool"),
            "invocations": ("array", ("ref", "invocation"), 0, False),
            "originalUriBaseIds": ("map", ("ref", "artifactLocation")),
            "results": ("array", ("ref", "result"), 0, False),
            "columnKind": ("enum", ["utf16CodeUnits", "unicodeCodePoints"]),
            "properties": ("ref", "propertyBag"),
            # Allowed by the schema, not written by the converter.
            "conversion": "any", "language": "string",
            "versionControlProvenance": "any", "artifacts": "any",
            "logicalLocations": "any", "graphs": "any",
            "automationDetails": "any", "runAggregates": "any",
            "baselineGuid": "string", "redactionTokens": "any",
            "defaultEncoding": "string", "defaultSourceLanguage": "string",
            "newlineSequences": "any", "externalPropertyFileReferences": "any",
            "threadFlowLocations": "any", "taxonomies": "any",
            "addresses": "any", "translations": "any", "policies": "any",
            "webRequests": "any", "webResponses": "any",
            "specialLocations": "any"}},
    "tool": {
        "required": ["driver"],
        "properties": {"driver": ("ref", "toolComponent"),
                       "extensions": "any",
                       "properties": ("ref", "propertyBag")}},
    "toolComponent": {
        "required": ["name"],
        "properties": {
            "name": "string", "version": "string",
            "semanticVersion": "string", "informationUri": "uri",
            "rules": ("array", ("ref", "reportingDescriptor"), 0, True),
            "properties": ("ref", "propertyBag"),
            "guid": "string", "organization": "string", "product": "string",
            "productSuite": "string",
            "shortDescription": ("ref", "multiformatMessageString"),
            "fullDescription": ("ref", "multiformatMessageString"),
            "fullName": "string", "dottedQuadFileVersion": "string",
            "releaseDateUtc": "string", "downloadUri": "uri",
            "globalMessageStrings": "any", "notifications": "any",
            "taxa": "any", "locations": "any", "language": "string",
            "contents": "any", "isComprehensive": "boolean",
            "localizedDataSemanticVersion": "string",
            "minimumRequiredLocalizedDataSemanticVersion": "string",
            "associatedComponent": "any", "translationMetadata": "any",
            "supportedTaxonomies": "any"}},
    "reportingDescriptor": {
        "required": ["id"],
        "properties": {
            "id": "string", "name": "string",
            "shortDescription": ("ref", "multiformatMessageString"),
            "fullDescription": ("ref", "multiformatMessageString"),
            "help": ("ref", "multiformatMessageString"),
            "helpUri": "uri",
            "defaultConfiguration": ("ref", "reportingConfiguration"),
            "properties": ("ref", "propertyBag"),
            "deprecatedIds": "any", "guid": "string",
            "deprecatedGuids": "any", "deprecatedNames": "any",
            "messageStrings": "any", "relationships": "any"}},
    "multiformatMessageString": {
        "required": ["text"],
        "properties": {"text": "string", "markdown": "string",
                       "properties": ("ref", "propertyBag")}},
    "reportingConfiguration": {
        "required": [],
        "properties": {"enabled": "boolean", "level": LEVEL,
                       "rank": "number", "parameters": "any",
                       "properties": ("ref", "propertyBag")}},
    "invocation": {
        "required": ["executionSuccessful"],
        "properties": {
            "commandLine": "string",
            "arguments": ("array", "string", 0, False),
            "exitCode": "integer", "executionSuccessful": "boolean",
            "properties": ("ref", "propertyBag"),
            # Allowed, not written.
            "responseFiles": "any", "startTimeUtc": "string",
            "endTimeUtc": "string", "exitCodeDescription": "string",
            "exitSignalName": "string", "exitSignalNumber": "integer",
            "processStartFailureMessage": "string", "machine": "string",
            "account": "string", "processId": "integer",
            "executableLocation": "any", "workingDirectory": "any",
            "environmentVariables": "any", "stdin": "any", "stdout": "any",
            "stderr": "any", "stdoutStderr": "any",
            "toolExecutionNotifications": "any",
            "toolConfigurationNotifications": "any",
            "ruleConfigurationOverrides": "any",
            "notificationConfigurationOverrides": "any"}},
    "result": {
        "required": ["message"],
        "properties": {
            "ruleId": "string", "ruleIndex": "integer>=-1", "level": LEVEL,
            "kind": ("enum", ["notApplicable", "pass", "fail", "review",
                              "open", "informational"]),
            "message": ("ref", "message"),
            "locations": ("array", ("ref", "location"), 0, False),
            "relatedLocations": ("array", ("ref", "location"), 0, True),
            "fixes": ("array", ("ref", "fix"), 0, True),
            "partialFingerprints": ("map", "string"),
            "fingerprints": ("map", "string"),
            "properties": ("ref", "propertyBag"),
            "rule": "any", "analysisTarget": "any", "guid": "string",
            "correlationGuid": "string", "occurrenceCount": "integer",
            "stacks": "any", "codeFlows": "any", "graphs": "any",
            "graphTraversals": "any", "suppressions": "any",
            "baselineState": "string", "rank": "number",
            "attachments": "any", "hostedViewerUri": "uri",
            "workItemUris": "any", "provenance": "any", "taxa": "any",
            "webRequest": "any", "webResponse": "any"}},
    "message": {
        "required": [],
        "anyOf": [["text"], ["id"]],
        "properties": {"text": "string", "markdown": "string",
                       "id": "string", "arguments": ("array", "string", 0,
                                                     False),
                       "properties": ("ref", "propertyBag")}},
    "location": {
        "required": [],
        "properties": {
            "id": "integer>=-1",
            "physicalLocation": ("ref", "physicalLocation"),
            "message": ("ref", "message"),
            "properties": ("ref", "propertyBag"),
            "logicalLocations": "any", "annotations": "any",
            "relationships": "any"}},
    "physicalLocation": {
        "required": [],
        "anyOf": [["address"], ["artifactLocation"]],
        "properties": {
            "artifactLocation": ("ref", "artifactLocation"),
            "region": ("ref", "region"),
            "contextRegion": ("ref", "region"),
            "properties": ("ref", "propertyBag"), "address": "any"}},
    "artifactLocation": {
        "required": [],
        "properties": {"uri": "uri-reference", "uriBaseId": "string",
                       "index": "integer>=-1",
                       "description": ("ref", "message"),
                       "properties": ("ref", "propertyBag")}},
    "region": {
        "required": [],
        "properties": {
            "startLine": "integer>=1", "startColumn": "integer>=1",
            "endLine": "integer>=1", "endColumn": "integer>=1",
            "charOffset": "integer>=-1", "charLength": "integer>=0",
            "byteOffset": "integer>=-1", "byteLength": "integer>=0",
            "snippet": ("ref", "artifactContent"),
            "message": ("ref", "message"), "sourceLanguage": "string",
            "properties": ("ref", "propertyBag")}},
    "artifactContent": {
        "required": [],
        "properties": {"text": "string", "binary": "string",
                       "rendered": ("ref", "multiformatMessageString"),
                       "properties": ("ref", "propertyBag")}},
    "fix": {
        "required": ["artifactChanges"],
        "properties": {
            "description": ("ref", "message"),
            "artifactChanges": ("array", ("ref", "artifactChange"), 1, True),
            "properties": ("ref", "propertyBag")}},
    "artifactChange": {
        "required": ["artifactLocation", "replacements"],
        "properties": {
            "artifactLocation": ("ref", "artifactLocation"),
            "replacements": ("array", ("ref", "replacement"), 1, False),
            "properties": ("ref", "propertyBag")}},
    "replacement": {
        "required": ["deletedRegion"],
        "properties": {"deletedRegion": ("ref", "region"),
                       "insertedContent": ("ref", "artifactContent"),
                       "properties": ("ref", "propertyBag")}},
}

errors = []


def fail(where, what):
    errors.append("%s: %s" % (where, what))


def check_type(value, spec, where):
    if spec == "any":
        return
    if isinstance(spec, tuple):
        kind = spec[0]
        if kind == "enum":
            if value not in spec[1]:
                fail(where, "%r not one of %s" % (value, spec[1]))
        elif kind == "ref":
            check_object(value, spec[1], where)
        elif kind == "array":
            _, item, min_items, unique = spec
            if not isinstance(value, list):
                return fail(where, "not an array")
            if len(value) < min_items:
                fail(where, "fewer than %d items" % min_items)
            if unique:
                seen = [json.dumps(v, sort_keys=True) for v in value]
                if len(set(seen)) != len(seen):
                    fail(where, "items are not unique")
            for i, v in enumerate(value):
                check_type(v, item, "%s[%d]" % (where, i))
        elif kind == "map":
            if not isinstance(value, dict):
                return fail(where, "not an object")
            for k, v in value.items():
                check_type(v, spec[1], "%s.%s" % (where, k))
        return
    if spec == "string":
        ok = isinstance(value, str)
    elif spec == "boolean":
        ok = isinstance(value, bool)
    elif spec == "number":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif spec.startswith("integer"):
        ok = isinstance(value, int) and not isinstance(value, bool)
        if ok and ">=" in spec:
            ok = value >= int(spec.split(">=")[1])
    elif spec == "uri":
        ok = isinstance(value, str) and bool(
            urllib.parse.urlparse(value).scheme) and " " not in value
    elif spec == "uri-reference":
        ok = isinstance(value, str) and " " not in value and "\\" not in value
    else:
        raise AssertionError(spec)
    if not ok:
        fail(where, "%r is not %s" % (value, spec))


def check_object(value, definition, where):
    if definition == "propertyBag":
        if not isinstance(value, dict):
            fail(where, "property bag is not an object")
        elif "tags" in value:
            check_type(value["tags"], ("array", "string", 0, True),
                       where + ".tags")
        return
    rules = SCHEMA[definition]
    if not isinstance(value, dict):
        return fail(where, "%s is not an object" % definition)
    for name in rules["required"]:
        if name not in value:
            fail(where, "%s lacks required '%s'" % (definition, name))
    if "anyOf" in rules and not any(all(n in value for n in group)
                                    for group in rules["anyOf"]):
        fail(where, "%s needs one of %s" % (definition, rules["anyOf"]))
    for name, v in value.items():
        if name not in rules["properties"]:
            fail(where, "%s has no property '%s' (additionalProperties: "
                        "false)" % (definition, name))
            continue
        check_type(v, rules["properties"][name], "%s.%s" % (where, name))


# --- What the converter promises -------------------------------------------

GPUMEM_CHECKS = {
    "gpumem-uncoalesced-access", "gpumem-aos-access",
    "gpumem-misaligned-access", "gpumem-partial-warp-access",
    "gpumem-bank-conflict", "gpumem-arithmetic-intensity"}


def project_version():
    root = Path(__file__).resolve().parents[3]
    text = (root / "CMakeLists.txt").read_text()
    return re.search(r"project\s*\(\s*gpumem-tidy\s+VERSION\s+([0-9.]+)",
                     text).group(1)


def check_promises(log):
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    if driver.get("name") != "gpumem-tidy":
        fail("driver", "name is %r" % driver.get("name"))
    if driver.get("version") != project_version():
        fail("driver", "version %r, CMakeLists.txt says %s"
             % (driver.get("version"), project_version()))
    if "informationUri" not in driver:
        fail("driver", "no informationUri")
    rules = driver.get("rules", [])
    ids = [r["id"] for r in rules]
    if not GPUMEM_CHECKS <= set(ids):
        fail("rules", "missing %s" % sorted(GPUMEM_CHECKS - set(ids)))
    for rule in rules:
        if rule["id"] not in GPUMEM_CHECKS:
            continue
        for name in ("shortDescription", "fullDescription", "helpUri",
                     "defaultConfiguration"):
            if name not in rule:
                fail("rule " + rule["id"], "no " + name)
        if not rule.get("helpUri", "").endswith(
                "docs/checks/%s.md" % rule["id"]):
            fail("rule " + rule["id"], "helpUri is not its doc page")
        if rule.get("defaultConfiguration", {}).get("level") != "warning":
            fail("rule " + rule["id"], "default level is not warning")
    bases = run.get("originalUriBaseIds", {})
    for i, result in enumerate(run.get("results", [])):
        where = "results[%d]" % i
        if ids[result["ruleIndex"]] != result["ruleId"]:
            fail(where, "ruleIndex does not name ruleId")
        for location in result.get("locations", []) + result.get(
                "relatedLocations", []):
            artifact = location["physicalLocation"]["artifactLocation"]
            if artifact.get("uriBaseId") not in bases:
                fail(where, "uriBaseId %r is not in originalUriBaseIds"
                     % artifact.get("uriBaseId"))
            if artifact["uri"].startswith("/") or ":" in artifact["uri"]:
                fail(where, "uri %r is not relative" % artifact["uri"])
            region = location["physicalLocation"]["region"]
            if (region["endLine"], region["endColumn"]) < (
                    region["startLine"], region["startColumn"]):
                fail(where, "region ends before it starts")
        if "partialFingerprints" not in result:
            fail(where, "no partialFingerprints")


def summary(log):
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    print("DRIVER %s %s rules=%d" % (driver["name"], driver.get("version"),
                                     len(driver["rules"])))
    for rule in driver["rules"]:
        print("RULE %s level=%s full=%s" % (
            rule["id"],
            rule.get("defaultConfiguration", {}).get("level", "-"),
            rule.get("fullDescription", {}).get("text", "-")))
    for result in run["results"]:
        location = result["locations"][0]["physicalLocation"]
        region = location["region"]
        numbers = " ".join("%s=%s" % kv for kv in
                           sorted(result.get("properties", {}).items()))
        print("RESULT %s %s %s:%d:%d-%d:%d %s" % (
            result["ruleId"], result["level"],
            location["artifactLocation"]["uri"], region["startLine"],
            region["startColumn"], region["endLine"], region["endColumn"],
            numbers))
        for related in result.get("relatedLocations", []):
            r = related["physicalLocation"]["region"]
            print("  NOTE %d:%d %s" % (r["startLine"], r["startColumn"],
                                       related["message"]["text"]))
        for fix in result.get("fixes", []):
            for change in fix["artifactChanges"]:
                for rep in change["replacements"]:
                    d = rep["deletedRegion"]
                    print("  FIX %s %d:%d-%d:%d -> %r (%s)" % (
                        change["artifactLocation"]["uri"], d["startLine"],
                        d["startColumn"], d["endLine"], d["endColumn"],
                        rep.get("insertedContent", {}).get("text", ""),
                        fix["description"]["text"]))


def fingerprints(path):
    log = json.loads(Path(path).read_text())
    return {(r["ruleId"], r["partialFingerprints"]["gpumemFindingHash/v1"]):
            r["locations"][0]["physicalLocation"]["region"]["startLine"]
            for r in log["runs"][0]["results"]}


def main(argv):
    if argv[0] == "--same-fingerprints":
        a, b = fingerprints(argv[1]), fingerprints(argv[2])
        if set(a) != set(b):
            sys.exit("fingerprints differ:\n  only in A: %s\n  only in B: %s"
                     % (sorted(set(a) - set(b)), sorted(set(b) - set(a))))
        moved = sum(1 for k in a if a[k] != b[k])
        print("SAME %d fingerprints, %d findings moved" % (len(a), moved))
        return 0
    if argv[0] == "--fingerprint-changed":
        rule, a, b = argv[1], fingerprints(argv[2]), fingerprints(argv[3])
        changed = sorted({k[0] for k in set(a) ^ set(b)})
        print("CHANGED %s" % " ".join(changed))
        return 0 if changed == [rule] else 1
    log = json.loads(Path(argv[0]).read_text())
    check_object(log, "sarifLog", "sarifLog")
    if not errors:
        check_promises(log)
    if errors:
        sys.stderr.write("SARIF INVALID\n" + "\n".join(errors) + "\n")
        return 1
    print("VALID")
    summary(log)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
