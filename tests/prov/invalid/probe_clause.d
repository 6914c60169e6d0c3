provider p { probe a(); };
syscall::read:entry
{
}
