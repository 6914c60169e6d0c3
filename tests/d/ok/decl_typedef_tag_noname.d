/* @root */
/* A typedef of a struct, union or enum with no declarator defines the tag alone: dtrace
 * accepts it (dt_parser.c dt_node_decl: a nameless declaration of a struct, union or enum
 * kind is a tag declaration, whatever its storage class; C compilers only warn). */
#pragma D option quiet
typedef struct foo { int a; long b; };
typedef union bar { char c; int i; };
typedef enum { LOW = 3, HIGH };
typedef struct later;

BEGIN
{
	printf("%d %d %d %d\n", sizeof (struct foo), sizeof (union bar), LOW, HIGH);
	exit(0);
}
