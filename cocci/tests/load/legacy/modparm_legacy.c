// SPDX-License-Identifier: GPL-2.0
/*
 * modparm_legacy - a module whose parameters are declared the 2.6-era way.
 *
 * This file is the input of the module-param load test.  Every parameter
 * is declared with the obsolete MODULE_PARM(var, "type") macro, in each
 * form old drivers used; cocci/modparm-convert turns them into
 * module_param*() and the converted module is loaded in QEMU with a value
 * for each parameter.  Apart from MODULE_PARM the code is valid for 6.1,
 * so a build failure after conversion can only be the converter's fault.
 *
 * /proc/modparm_legacy lists what the module received, one "name=value"
 * line per parameter (arrays as comma-separated elements), so the guest
 * test can compare every value with the one it passed on the insmod line.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>

#define MAX_CARDS 4
#define NAME_LEN 16

/* Scalars: the declaration, not the letter, decides the modern type. */
static int int_val = -1;
MODULE_PARM(int_val, "i");
MODULE_PARM_DESC(int_val, "signed int");

static unsigned int uint_val = 1;
MODULE_PARM(uint_val, "i");
MODULE_PARM_DESC(uint_val, "unsigned int");

static long long_val = -2;
MODULE_PARM(long_val, "l");
MODULE_PARM_DESC(long_val, "signed long");

static unsigned long ulong_val = 2;
MODULE_PARM(ulong_val, "l");
MODULE_PARM_DESC(ulong_val, "unsigned long");

static short short_val = -3;
MODULE_PARM(short_val, "h");
MODULE_PARM_DESC(short_val, "signed short");

static unsigned short ushort_val = 3;
MODULE_PARM(ushort_val, "h");
MODULE_PARM_DESC(ushort_val, "unsigned short");

static unsigned char byte_val = 4;
MODULE_PARM(byte_val, "b");
MODULE_PARM_DESC(byte_val, "unsigned char");

static char *charp_val = "default";
MODULE_PARM(charp_val, "s");
MODULE_PARM_DESC(charp_val, "string pointer");

/* A flag: 2.6-era code passed it as a byte. */
static bool bool_val;
MODULE_PARM(bool_val, "b");
MODULE_PARM_DESC(bool_val, "on/off flag");

/* Arrays: an element count, written as a literal or built from a macro. */
static int int_array[4];
MODULE_PARM(int_array, "1-4i");	/* up to four values */
MODULE_PARM_DESC(int_array, "up to four ints");

static unsigned int io[MAX_CARDS];
MODULE_PARM(io, "1-" __MODULE_STRING(MAX_CARDS) "i");
MODULE_PARM_DESC(io, "I/O base address per card");

/* Old code often left out the space: the converter must cope. */
static unsigned short ushort_array[3];
MODULE_PARM(ushort_array,"1-3h");
MODULE_PARM_DESC(ushort_array, "up to three unsigned shorts");

static char *names[3];
MODULE_PARM(names, "1-3s");
MODULE_PARM_DESC(names, "up to three strings");

/* A string copied into a fixed buffer. */
static char name_buf[NAME_LEN] = "legacy";
MODULE_PARM(name_buf, "c16");
MODULE_PARM_DESC(name_buf, "name, at most 15 characters");

/*
 * MODULE_PARM names an alias of the variable.  MODULE_PARM stringified
 * its argument after expansion, so the 2.6 kernel knew the parameter as
 * "gscd", the variable's real name; the converted module must too.
 */
static int gscd = 0x340;
#define gscd_port gscd
MODULE_PARM(gscd_port, "i");
MODULE_PARM_DESC(gscd_port, "base port, an alias of gscd");

/* 2.6-era drivers kept typedef'd types: u8 is a byte. */
static u8 u8_val = 6;
MODULE_PARM(u8_val, "b");
MODULE_PARM_DESC(u8_val, "u8 through its typedef");

/* An on/off int spelled as a count of zero or one value (b1dma.c). */
static int int_flag;
MODULE_PARM(int_flag, "0-1i");
MODULE_PARM_DESC(int_flag, "0 or 1, kept an int");

/* A type string from a #define, its count from __stringify(). */
#define PORT_PARM "1-" __stringify(MAX_CARDS) "h"
static u16 ports[MAX_CARDS];
MODULE_PARM(ports, PORT_PARM);
MODULE_PARM_DESC(ports, "port per card");

/* An array named by an alias: the parameter is "cards", as above. */
static int cards[2];
#define card_irq cards
MODULE_PARM(card_irq, "1-2i");
MODULE_PARM_DESC(card_irq, "irq per card, an alias of cards");

/* "s" on a char array: the old kernel copied the string into it. */
static char essid[8] = "any";
MODULE_PARM(essid, "s");
MODULE_PARM_DESC(essid, "network name, at most 7 characters");

/* A scalar type on an array: only the first element was ever set. */
static int irq_list[2] = { 5, 9 };
MODULE_PARM(irq_list, "i");
MODULE_PARM_DESC(irq_list, "irq of the first card");

#ifdef MODULE
/* Declared below: MODULE_PARM only stringified its argument. */
MODULE_PARM(late_val, "i");
MODULE_PARM_DESC(late_val, "declared after its MODULE_PARM");
#endif

static int late_val = 5;

static void show_int_array(struct seq_file *m, const char *name,
			   const int *v, size_t n)
{
	size_t i;

	seq_printf(m, "%s=", name);
	for (i = 0; i < n; i++)
		seq_printf(m, "%s%d", i ? "," : "", v[i]);
	seq_putc(m, '\n');
}

static void show_uint_array(struct seq_file *m, const char *name,
			    const unsigned int *v, size_t n)
{
	size_t i;

	seq_printf(m, "%s=", name);
	for (i = 0; i < n; i++)
		seq_printf(m, "%s%u", i ? "," : "", v[i]);
	seq_putc(m, '\n');
}

static void show_ushort_array(struct seq_file *m, const char *name,
			      const unsigned short *v, size_t n)
{
	size_t i;

	seq_printf(m, "%s=", name);
	for (i = 0; i < n; i++)
		seq_printf(m, "%s%u", i ? "," : "", v[i]);
	seq_putc(m, '\n');
}

static void show_charp_array(struct seq_file *m, const char *name,
			     char * const *v, size_t n)
{
	size_t i;

	seq_printf(m, "%s=", name);
	for (i = 0; i < n; i++)
		seq_printf(m, "%s%s", i ? "," : "", v[i] ? v[i] : "(null)");
	seq_putc(m, '\n');
}

static int modparm_legacy_show(struct seq_file *m, void *unused)
{
	seq_printf(m, "int_val=%d\n", int_val);
	seq_printf(m, "uint_val=%u\n", uint_val);
	seq_printf(m, "long_val=%ld\n", long_val);
	seq_printf(m, "ulong_val=%lu\n", ulong_val);
	seq_printf(m, "short_val=%d\n", short_val);
	seq_printf(m, "ushort_val=%u\n", ushort_val);
	seq_printf(m, "byte_val=%u\n", byte_val);
	seq_printf(m, "charp_val=%s\n", charp_val ? charp_val : "(null)");
	seq_printf(m, "bool_val=%c\n", bool_val ? 'Y' : 'N');
	show_int_array(m, "int_array", int_array, ARRAY_SIZE(int_array));
	show_uint_array(m, "io", io, ARRAY_SIZE(io));
	show_ushort_array(m, "ushort_array", ushort_array,
			  ARRAY_SIZE(ushort_array));
	show_charp_array(m, "names", names, ARRAY_SIZE(names));
	seq_printf(m, "name_buf=%s\n", name_buf);
	seq_printf(m, "gscd=%d\n", gscd_port);
	seq_printf(m, "late_val=%d\n", late_val);
	seq_printf(m, "u8_val=%u\n", u8_val);
	seq_printf(m, "int_flag=%d\n", int_flag);
	show_ushort_array(m, "ports", ports, ARRAY_SIZE(ports));
	show_int_array(m, "cards", card_irq, ARRAY_SIZE(card_irq));
	seq_printf(m, "essid=%s\n", essid);
	show_int_array(m, "irq_list", irq_list, ARRAY_SIZE(irq_list));
	return 0;
}

static int __init modparm_legacy_init(void)
{
	if (!proc_create_single(KBUILD_MODNAME, 0444, NULL,
				modparm_legacy_show))
		return -ENOMEM;
	return 0;
}

static void __exit modparm_legacy_exit(void)
{
	remove_proc_entry(KBUILD_MODNAME, NULL);
}

module_init(modparm_legacy_init);
module_exit(modparm_legacy_exit);
MODULE_DESCRIPTION("2.6-era MODULE_PARM forms for the conversion load test");
MODULE_LICENSE("GPL");
