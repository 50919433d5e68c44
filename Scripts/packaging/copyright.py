#!/usr/bin/env python3
"""Prints the package's copyright file: StadiumLog's own part (Scripts/packaging/copyright), then a stanza for the
Swift runtime and one for each Swift package in Package.resolved, each with its licence and notice files verbatim.

    python3 Scripts/packaging/copyright.py SWIFT_LICENSE_FILE > copyright
"""
import json
import os
import sys

# Code a package vendors whose licence is stated only in a source file's opening comment: (package, file).
VENDORED_NOTICES = [("swift-nio-extras", "Sources/CNIOExtrasZlib/include/nioextras-zlib.h")]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def paragraph(text):
    """A licence text as a DEP-5 field continuation: every line indented, empty lines written as " ."."""
    return "\n".join(" " + line.rstrip() if line.strip() else " ." for line in text.strip("\n").splitlines())


def apache_referenced(text):
    """An Apache 2.0 licence file with the licence itself replaced by Debian's copy (policy 12.5), keeping what the
    file adds after it (the Swift Runtime Library Exception, the licences of code it vendors)."""
    if "Apache License" not in text[:400] or "Version 2.0, January 2004" not in text[:600]:
        return text
    appendix = text.find("APPENDIX: How to apply the Apache License")
    end = text.find("limitations under the License.", appendix)
    if appendix < 0 or end < 0:
        sys.exit("error: an Apache 2.0 licence file without its appendix; read it and adapt Scripts/packaging/copyright.py")
    rest = text[end + len("limitations under the License."):].strip("\n")
    return "The Apache License, Version 2.0: /usr/share/common-licenses/Apache-2.0 on Debian systems.\n" + (
        "\n" + rest if rest.strip() else "")


def stanza(name, copyright, texts):
    texts = [apache_referenced(text) for text in texts]
    return f"Files: usr/lib/stadiumlog/stadiumlog*\nCopyright: {copyright}\nLicense: {name}\n{paragraph(chr(10).join(texts))}\n"


def main():
    print(open(os.path.join(HERE, "copyright")).read())
    with open(sys.argv[1]) as swift_license:
        print(stanza("Apache-2.0-with-Swift-exception", "Apple Inc. and the Swift project authors "
                     "(the Swift standard library and Foundation, linked statically)", [swift_license.read()]))
    pins = json.load(open(os.path.join(ROOT, "Package.resolved")))["pins"]
    for pin in sorted(pins, key=lambda pin: pin["identity"]):
        checkout = os.path.join(ROOT, ".build", "checkouts", os.path.basename(pin["location"]).removesuffix(".git"))
        texts = [open(os.path.join(checkout, name)).read() for name in sorted(os.listdir(checkout))
                 if name.upper().startswith(("LICENSE", "NOTICE", "COPYING"))]
        if not texts:
            sys.exit(f"error: no licence file in {checkout}: run `swift build` first")
        sources = os.path.join(checkout, "Sources")
        texts += [open(os.path.join(sources, module, name)).read() for module in sorted(os.listdir(sources) if os.path.isdir(sources) else [])
                  if os.path.isdir(os.path.join(sources, module))
                  for name in sorted(os.listdir(os.path.join(sources, module))) if name.upper().startswith("LICENSE")]
        texts += [open(os.path.join(checkout, path)).read().split("*/")[0].lstrip("/* ")
                  for package, path in VENDORED_NOTICES if package == pin["identity"]]
        print(stanza(f"{pin['identity']}-{pin['state'].get('version', pin['state']['revision'][:12])}",
                     f"the authors of {pin['location']} (linked statically)", texts))


main()
