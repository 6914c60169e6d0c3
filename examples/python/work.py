# work.py — a small Python workload for the README's tracing example: imports, calls,
# and explicit garbage collections.
import gc
import json


def encode(n):
    return json.dumps({"n": n, "squares": [i * i for i in range(n)]})


total = sum(len(encode(n)) for n in range(50))
for generation in (0, 1, 2):
    gc.collect(generation)
print("encoded", total, "bytes")
