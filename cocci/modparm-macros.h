// Macros of 2.4/2.6-era and out-of-tree drivers that spatch cannot guess,
// so that files using them still parse.  modparm-convert passes this file
// with --macro-file; with coccicheck, add
// SPFLAGS="--macro-file cocci/modparm-macros.h".
#define EXPORT_NO_SYMBOLS
#define EXPORT_SYMBOL_NOVERS(x)
#define __devexit_p(x) x
#define __exit_p(x) x
#define __devinitconst
#define __devexitdata
#define __initconst
#define DECLARE_TASK_QUEUE(q) struct tq_struct q
#define MOD_INC_USE_COUNT do { } while (0)
#define MOD_DEC_USE_COUNT do { } while (0)
#define SET_MODULE_OWNER(dev) do { } while (0)
#define __devinit_p(x) x
#define __cacheline_aligned_in_smp
#define ____cacheline_aligned
