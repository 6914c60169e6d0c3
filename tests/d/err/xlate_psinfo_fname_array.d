/* @root */
/* pr_fname is char[16] (DTrace for Linux's psinfo_t), and a char array is no value a variable
 * can take (the Guide: arrays are not assignable; dtrace says so in these words). */
BEGIN
{
	x = curpsinfo->pr_fname;
}
