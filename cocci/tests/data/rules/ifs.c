/* #if walking: the branches around each line (see ifs.tsv) */
static int a;
#ifdef MODULE
static int b;
#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,0)
MODULE_PARM(b, "i");
#else
module_param(b, int, 0);
#endif
#elif defined(CONFIG_X)
static int c;	/* #else in a comment is no branch */
#else
static int d;
#endif
#if 0
static int e;
#endif
#ifndef X
# if Y
static int f;
# elif Z
static int g;
# endif
#endif
static int h;
#ifdef LINUX26
static int i;
#else
static int j;
#endif
#ifndef LINUX26
MODULE_PARM(j, "i");
#endif
#if (HOSTIF == USB)
static int k;
#else
static int l;
#endif
#if (HOSTIF != USB)
MODULE_PARM(l, "i");
#endif
#if !defined(LINUX26)
MODULE_PARM(i, "i");
#elif defined(X)
static int m;
#endif
