/* dtrace keys an associative array with at most 9 components: a tenth is an error. */
#pragma D option quiet
BEGIN { a[1,2,3,4,5,6,7,8,9,10] = 1; printf("%d\n", a[1,2,3,4,5,6,7,8,9,10]); exit(0); }
