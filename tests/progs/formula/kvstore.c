/* kvstore.c — a small key-value store with no probes, for the user-space formula tests
 * (tests/sh/formula_user.sh): formulas over its entry points, its calls (direct ones to its own
 * functions, PLT ones to strcmp) and its return instructions, checked against what it prints
 * of its own work at exit:
 *
 *   kvstore ROUNDS
 *
 * Each round puts KEYS keys, looks each up, looks up one missing key, and swaps two values
 * (kv_swap: two calls of kv_lookup, the first with default -1, the second with -2). The last
 * line is its own count of everything a formula can see. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOINL __attribute__((noinline))
#define NBUCKETS 8
#define KEYS 6

struct entry {
	char key[16];
	long val;
	struct entry *next;
};

static struct entry pool[KEYS];
static struct entry *buckets[NBUCKETS];
static const char *const keys[KEYS] = { "alpha", "bravo", "charlie", "delta", "echo", "fox" };

/* its own record of what it did */
static long n_lookups, lookup_sum, n_cmps, n_puts, put_sum, n_swaps, n_hash;

NOINL unsigned kv_hash(const char *key)
{
	unsigned h = 5381;
	n_hash++;
	for (; *key; key++)
		h = h * 33 + (unsigned char)*key;
	return h % NBUCKETS;
}

NOINL long kv_lookup(const char *key, long dflt)
{
	long r = dflt;
	n_lookups++;
	for (struct entry *e = buckets[kv_hash(key)]; e; e = e->next) {
		n_cmps++;
		if (strcmp(e->key, key) == 0) {
			r = e->val;
			break;
		}
	}
	lookup_sum += r;
	return r;
}

NOINL void kv_put(const char *key, long val)
{
	n_puts++;
	put_sum += val;
	unsigned h = kv_hash(key);
	for (struct entry *e = buckets[h]; e; e = e->next) {
		if (strcmp(e->key, key) == 0) {
			e->val = val;
			return;
		}
	}
	for (int i = 0; i < KEYS; i++) {
		if (!pool[i].key[0]) {
			snprintf(pool[i].key, sizeof pool[i].key, "%s", key);
			pool[i].val = val;
			pool[i].next = buckets[h];
			buckets[h] = &pool[i];
			return;
		}
	}
}

NOINL long kv_swap(const char *a, const char *b)
{
	n_swaps++;
	long x = kv_lookup(a, -1);
	long y = kv_lookup(b, -2);
	kv_put(a, y);
	kv_put(b, x);
	return x + y;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 10;
	long total = 0;
	for (int r = 0; r < rounds; r++) {
		for (int k = 0; k < KEYS; k++)
			kv_put(keys[k], r * 100 + k);
		for (int k = 0; k < KEYS; k++)
			total += kv_lookup(keys[k], 0);
		total += kv_lookup("missing", 7);
		total += kv_swap(keys[r % KEYS], keys[(r + 1) % KEYS]);
	}
	printf("lookups %ld lookup_sum %ld cmps %ld puts %ld put_sum %ld swaps %ld hash %ld total %ld\n",
	       n_lookups, lookup_sum, n_cmps, n_puts, put_sum, n_swaps, n_hash, total);
	return 0;
}
