"""The revision the pre-commit recipe pins (docs/integrations/pre-commit.md,
`rev:`) is a tag of this repository whose hook manifest names the hook and
whose hook script exists: a user who pastes the recipe gets a hook that
installs. Prints what it found; exits 1 otherwise.

    precommit_rev.py REPO
"""
import re
import subprocess
import sys


def git(repo, *args):
    return subprocess.run(["git", "-C", repo] + list(args),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, check=False)


def main(repo):
    with open(repo + "/docs/integrations/pre-commit.md") as f:
        revs = re.findall(r"^\s*rev:\s*(\S+)", f.read(), re.M)
    if not revs:
        print("no rev: in the recipe")
        return 1
    status = 0
    for rev in sorted(set(revs)):
        tag = git(repo, "rev-parse", "--verify", "-q", "refs/tags/" + rev)
        if tag.returncode != 0:
            print("rev %s: no such tag" % rev)
            status = 1
            continue
        manifest = git(repo, "show", rev + ":.pre-commit-hooks.yaml").stdout
        hook = git(repo, "cat-file", "-e", rev + ":tools/gpumem-tidy-hook")
        ok = re.search(r"^-\s*id:\s*gpumem-tidy\s*$", manifest, re.M) and \
            hook.returncode == 0
        print("rev %s: tag, %s" % (rev, "hook gpumem-tidy" if ok else
                                   "no gpumem-tidy hook"))
        status |= 0 if ok else 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
