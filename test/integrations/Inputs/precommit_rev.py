"""The revision the pre-commit recipe pins (docs/integrations/pre-commit.md,
`rev:`) gives a user who pastes the recipe a hook that installs.

    precommit_rev.py REPO tree   the rev is `main`, the branch this tree is
                                 developed on (no release is tagged yet: a
                                 `v0.1.0` named a tag that did not exist),
                                 and this tree has the hook manifest naming
                                 the hook and its script
    precommit_rev.py REPO tag    the rev names a ref of this checkout (a
                                 branch, local or remote, or a tag) whose
                                 tree has the manifest and the script (a
                                 checkout without that ref cannot say)

Prints what it found; exits 1 otherwise.
"""
import os
import re
import subprocess
import sys


def git(repo, *args):
    return subprocess.run(["git", "-C", repo] + list(args),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, check=False)


def names_hook(manifest):
    return re.search(r"^-\s*id:\s*gpumem-tidy\s*$", manifest, re.M)


def check_tree(repo, rev):
    if rev != "main":
        print("rev %s: not the branch main" % rev)
        return 1
    with open(os.path.join(repo, ".pre-commit-hooks.yaml")) as f:
        ok = names_hook(f.read()) and \
            os.path.isfile(os.path.join(repo, "tools/gpumem-tidy-hook"))
    print("rev %s: branch, %s" %
          (rev, "hook gpumem-tidy" if ok else "no gpumem-tidy hook"))
    return 0 if ok else 1


def check_tag(repo, rev):
    for ref in ("refs/heads/" + rev, "refs/remotes/origin/" + rev,
                "refs/tags/" + rev):
        if git(repo, "rev-parse", "--verify", "-q", ref).returncode == 0:
            break
    else:
        print("rev %s: no such ref" % rev)
        return 1
    manifest = git(repo, "show", ref + ":.pre-commit-hooks.yaml").stdout
    hook = git(repo, "cat-file", "-e", ref + ":tools/gpumem-tidy-hook")
    ok = names_hook(manifest) and hook.returncode == 0
    print("rev %s: ref, %s" % (rev, "hook gpumem-tidy" if ok else
                               "no gpumem-tidy hook"))
    return 0 if ok else 1


def main(repo, mode):
    with open(os.path.join(repo, "docs/integrations/pre-commit.md")) as f:
        revs = re.findall(r"^\s*rev:\s*(\S+)", f.read(), re.M)
    if not revs:
        print("no rev: in the recipe")
        return 1
    check = check_tree if mode == "tree" else check_tag
    status = 0
    for rev in sorted(set(revs)):
        status |= check(repo, rev)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
