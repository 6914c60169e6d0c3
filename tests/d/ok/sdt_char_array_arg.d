/*
 * An sdt argument from a char array of the event's record (sched_switch's prev_comm[16]) is
 * that array, char [16], as dtrace -lv types it: sizeof is 16, its elements are chars (the
 * last one is the kernel's NUL), and it compares with strings as a string (Guide, "Strings":
 * a char array is a string where a string is wanted).
 */
#pragma D option quiet
sdt:sched::sched_switch
{
	printf("%d %d %d %d %d\n", sizeof(args[0]), sizeof(args[4]), sizeof(args[2]),
	    args[0] == stringof(args[0]), args[0][15]);
	exit(0);
}
