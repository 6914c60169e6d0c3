/* @opts: -x errtags */
/* p += q adds two pointers, which D refuses as p + q is refused (Guide, "Pointer
 * Arithmetic": an integer is added to a pointer; two pointers may only be subtracted), and
 * p -= q would store a ptrdiff_t in a pointer, refused as p = p - q is ("int *" =
 * "ptrdiff_t" in DTrace for Linux). Decided by the Guide: DTrace for Linux accepts both in
 * its checker and then aborts on an assertion in its code generator (dt_cg_arithmetic_op:
 * `dnp->dn_op == DT_TOK_SUB' failed), observed for this program. */
BEGIN { p = (int *)0x10; p += (int *)0x10; exit(0); }
