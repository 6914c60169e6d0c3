// throw.cc — hits libstdc++'s own USDT probes (libstdcxx:throw and :catch), so argcheck must
// find probes in a shared library and relocate them by its load bias.
//   ./throw EXPECTFILE   writes the expected lines ("*" = any value), then throws and catches.
// throw's second argument is the thrown type's std::type_info, whose address we know here.
#include <cstdio>
#include <typeinfo>

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	std::FILE *e = std::fopen(argv[1], "w");
	if (!e)
		return 1;
	std::fprintf(e, "libstdcxx:throw: * %lu\nlibstdcxx:catch: * *\n",
		     (unsigned long)&typeid(int));
	std::fclose(e);
	try {
		throw 42;
	} catch (int) {
	}
	return 0;
}
