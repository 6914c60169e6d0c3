syscall::read:entry
{
	x = 1 + ;
}
