/* @root */
/*
 * How many elements dtrace's dynamic variable pool holds: dynvarsize / (largest tuple +
 * largest value). An int-keyed array of ints has a 16-byte tuple (a 4-byte variable id, the
 * 4-byte key, the 8-byte thread key) and a 4-byte value: 4096 / 20 = 204 elements fit in 4k,
 * as DTrace for Linux keeps. Stores start with the highest key of each batch, and a drop ends
 * its clause (leaving `full` set: the filling stops there, one drop), so exactly the elements
 * that fit are present afterwards.
 */
#pragma D option quiet
#pragma D option dynvarsize=4k

BEGIN { i = 0; j = 0; n = 0; full = 0; }
tick-1ms /i < 300 && !full/ { i += 10; full = 1; a[i - 0] = 1; a[i - 1] = 1; a[i - 2] = 1; a[i - 3] = 1; a[i - 4] = 1; a[i - 5] = 1; a[i - 6] = 1; a[i - 7] = 1; a[i - 8] = 1; a[i - 9] = 1; full = 0; }
tick-1ms /(i >= 300 || full) && j < 300/ { j += 10; n += a[j - 0] ? 1 : 0; n += a[j - 1] ? 1 : 0; n += a[j - 2] ? 1 : 0; n += a[j - 3] ? 1 : 0; n += a[j - 4] ? 1 : 0; n += a[j - 5] ? 1 : 0; n += a[j - 6] ? 1 : 0; n += a[j - 7] ? 1 : 0; n += a[j - 8] ? 1 : 0; n += a[j - 9] ? 1 : 0; }
tick-1ms /j >= 300/ { printf("%d of 300 fit\n", n); exit(0); }
