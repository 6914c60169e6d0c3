/*
 * scalars.d -- every kind of scalar a probe argument can be: the C integer types and their
 * fixed-width names, floating types, _Bool (spelled so C++ can compile the header), pointers,
 * qualified pointers, enums, and function pointers.
 */
typedef int my_Bool_t;
enum level { LOW, HIGH };

provider scalars {
	probe ints(char, signed char, unsigned char, short, unsigned short, int, unsigned int, long, unsigned long, long long, unsigned long long);
	probe fixed(int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t, size_t, ssize_t, off_t, pid_t);
	probe floats(float, double);
	probe bools(_Bool, _Bool *, my_Bool_t);
	probe pointers(void *, const void *, char *const, const volatile int *, string, char **);
	probe enums(enum level, enum level *);
	probe callbacks(void (*)(void), int (*)(const char *, ...), void (*)(int (*)(void)));
	probe none();
};
