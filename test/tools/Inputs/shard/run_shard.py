"""Runs gpumem-tidy on shard K of N of DIR/build, as a CI runner would:
`gpumem-tidy -p build $(gpumem-shard -p build --shard K/N)`, from DIR.
An empty shard runs nothing.

    run_shard.py DIR K N GPUMEM_TIDY
"""
import os
import subprocess
import sys

root, k, n, tool = sys.argv[1:5]
here = os.path.dirname(os.path.abspath(__file__))
shard = os.path.join(here, "..", "..", "..", "..", "tools", "gpumem-shard.py")
files = subprocess.run([sys.executable, shard, "-p", "build", "--shard",
                        "%s/%s" % (k, n)], cwd=root, check=True,
                       stdout=subprocess.PIPE, text=True).stdout.split()
if files:
    env = dict(os.environ, GPUMEM_NO_CUDA_TOOLKIT="1")
    sys.exit(subprocess.call([tool, "-p", "build"] + files, cwd=root, env=env))
