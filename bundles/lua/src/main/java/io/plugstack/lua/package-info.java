/**
 * The Lua layer shared by job_submit/lua and cli_filter/lua (spec §5): the real C Lua through
 * LuaJava/JNI ({@link io.plugstack.lua.LuaVersion}), the common {@code slurm} table
 * ({@link io.plugstack.lua.SlurmTable}), io.popen/os.execute through /bin/sh
 * ({@link io.plugstack.lua.HostShell}), file access as the user a call acts for
 * ({@link io.plugstack.lua.UserFiles}) and a script's load, mtime reload and keep-last-good rules with
 * serialised calls ({@link io.plugstack.lua.LuaScript}).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package io.plugstack.lua;
