/* A typedef may not name again one of the kernel's type names either (u32, from the kernel's
 * types): dtrace looks the new name up where the kernel's types are too and refuses it
 * (observed with dtrace -n 'typedef int u32; BEGIN { }': typedef redeclared: u32). A kernel
 * struct's tag is no type name (typedef int task_struct; is accepted). */
typedef int task_struct;
typedef int u32; /* error here */

BEGIN
{
	exit(0);
}
