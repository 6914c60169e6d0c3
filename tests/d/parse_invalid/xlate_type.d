BEGIN
{
	x = xlate <psinfo_t *> (curthread);
}
