/* A stack deeper than 20 frames: main -> down(40) -> ... -> down(0) -> leaf, each a real call
 * (no inlining, no sibling calls), for the ustackframes default (ustack.sh). */
__attribute__((noinline)) void leaf(void)
{
	__asm__ volatile("");
}

__attribute__((noinline)) int down(int n)
{
	if (n == 0) {
		leaf();
		return 0;
	}
	return down(n - 1) + 1;
}

int main(void)
{
	return down(40) == 40 ? 0 : 1;
}
