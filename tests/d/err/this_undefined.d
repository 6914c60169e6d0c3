BEGIN
{
	x = this->nope + 1; /* error here */
}
