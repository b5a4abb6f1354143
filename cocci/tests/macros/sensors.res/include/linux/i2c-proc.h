/*
 * i2c-proc.h of the lm_sensors 2 package (trimmed): the insmod
 * parameters every chip driver declares with SENSORS_INSMOD_n, through
 * SENSORS_MODULE_PARM and the object-like SENSORS_INSMOD.
 */
#ifndef _LINUX_I2C_PROC_H
#define _LINUX_I2C_PROC_H

#define SENSORS_MAX_OPTS 48
#define SENSORS_I2C_END 0xfffe
#define SENSORS_DEFAULTS {[0 ... SENSORS_MAX_OPTS-1] = SENSORS_I2C_END}

struct i2c_force_data {
	unsigned short *force;
	unsigned short kind;
};

#define SENSORS_MODULE_PARM_FORCE(name) \
  SENSORS_MODULE_PARM(force_ ## name, \
                      "List of adapter,address pairs which are unquestionably" \
                      " assumed to contain a `" # name "' chip")

/* This defines several insmod variables, and places them in the
   sensors_force_data structure */
#define SENSORS_MODULE_PARM(var,desc) \
  static unsigned short var[SENSORS_MAX_OPTS] = SENSORS_DEFAULTS; \
  module_param_array(var, ushort, NULL, 0); \
  MODULE_PARM_DESC(var,desc)

#define SENSORS_INSMOD \
  SENSORS_MODULE_PARM(probe, \
                      "List of adapter,address pairs to scan additionally"); \
  SENSORS_MODULE_PARM(probe_range, \
                      "List of adapter,start-addr,end-addr triples to scan " \
                      "additionally"); \
  SENSORS_MODULE_PARM(ignore, \
                      "List of adapter,address pairs not to scan"); \
  SENSORS_MODULE_PARM(ignore_range, \
                      "List of adapter,start-addr,end-addr triples not to " \
                      "scan")

#define SENSORS_INSMOD_1(chip1) \
  enum chips { any_chip, chip1 }; \
  SENSORS_MODULE_PARM(force, \
                      "List of adapter,address pairs to boldly assume " \
                      "to be present"); \
  SENSORS_MODULE_PARM_FORCE(chip1); \
  static struct i2c_force_data forces[] = {{force,any_chip},{force_ ## chip1,chip1}, \
                                                 {NULL}}; \
  SENSORS_INSMOD

#endif /* def _LINUX_I2C_PROC_H */
