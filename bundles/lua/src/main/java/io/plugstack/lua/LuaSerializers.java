package io.plugstack.lua;

import java.nio.charset.StandardCharsets;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmErrtab;
import io.plugstack.api.slurm.SlurmLog;
import party.iroiro.luajava.JFunction;
import party.iroiro.luajava.Lua;

/**
 * slurm.to_json, slurm.from_json, slurm.to_yaml and slurm.from_yaml (Slurm 26.05, slurm_lua.c
 * {@code _to_json}/{@code _from_json}/{@code _to_yaml}/{@code _from_yaml}, 6fe0092aa0 and follow-ups):
 * <ul>
 * <li>to_*: {@code _dump}: the last argument ({@link LuaData}) through serializer_json
 * ({@link JsonCWriter}) or serializer_yaml ({@link YamlEmitter}); the text is the one result.</li>
 * <li>from_*: {@code _parse}: the last argument as lua_tolstring gives it (a number becomes its text;
 * anything else is ESLURM_LUA_INVALID_CONVERSION_TYPE) through {@link JsonCTokener} or
 * {@link SlurmYaml}, then back to Lua.</li>
 * <li>A failure raises "Conversion to|from &lt;mime type&gt; failed: &lt;slurm_strerror&gt;" (the text of
 * the played release's slurm_errtab, {@link SlurmErrtab}), with no position, after logging Slurm's
 * error lines (without the Lua state's address); an error Lua itself raises in Slurm's walk of a table
 * ("invalid key to 'next'", see {@link LuaData}) or a key's __tostring error is raised as it is.</li>
 * </ul>
 * The mime types are Slurm's MIME_TYPE_JSON "application/json" and MIME_TYPE_YAML "application/x-yaml".
 * A host function cannot raise a Lua error through JNI: each is a small Lua function over a host one
 * returning (true, result) or (false, message), raising the message at level 0 as lua_error does.
 */
final class LuaSerializers {

    static final String JSON = "application/json";
    static final String YAML = "application/x-yaml";
    /** The longest JSON text to_json builds (Plugstack's bound; Slurm has none). */
    static final long MAX_TEXT = 64L << 20;
    static final int ESLURM_REST_FAIL_PARSING = 9001;

    private static final String RAISING = "local host = ... return function(...) "
            + "local ok, v = host(...) if not ok then error(v, 0) end return v end";

    private final LuaVersion version;
    private final SlurmLog log;
    private final SlurmVersion release;

    LuaSerializers(LuaVersion version, SlurmLog log, SlurmVersion release) {
        this.version = version;
        this.log = log;
        this.release = release;
    }

    /** Sets the four functions in the table on top of the stack. */
    void install(Lua L) {
        set(L, "to_json", l -> dump(l, JSON));
        set(L, "from_json", l -> parse(l, JSON));
        set(L, "to_yaml", l -> dump(l, YAML));
        set(L, "from_yaml", l -> parse(l, YAML));
    }

    private static void set(Lua L, String name, JFunction host) {
        L.load(RAISING);
        L.push(host);
        L.pCall(1, 1);
        L.setField(-2, name);
    }

    private static int result(Lua L, boolean ok, String bytes) {
        L.setTop(0);
        L.push(ok);
        LuaBytes.push(L, bytes.getBytes(StandardCharsets.ISO_8859_1));
        return 2;
    }

    private int fail(Lua L, String direction, String mime, int rc) {
        String text = SlurmErrtab.strerror(release, rc);
        log.error((direction.equals("to") ? "_dump: dumping as " : "_parse: parsing string as ") + mime + " failed: " + text);
        return result(L, false, "Conversion " + direction + " " + mime + " failed: " + text);
    }

    /** _dump. */
    private int dump(Lua L, String mime) {
        SlurmData data = SlurmData.ofNull();
        int rc;
        try {
            rc = new LuaData(L, version).toData(data);
        } catch (LuaData.Raise e) {
            return result(L, false, e.getMessage());
        } catch (LuaData.TooLarge e) {
            rc = LuaData.ESLURM_DATA_TOO_LARGE;
        }
        if (rc != 0) {
            return fail(L, "to", mime, rc);
        }
        String text;
        if (mime.equals(JSON)) {
            text = JsonCWriter.write(data, MAX_TEXT);
            if (text == null) {
                return fail(L, "to", mime, LuaData.ESLURM_DATA_TOO_LARGE);
            }
        } else {
            try {
                text = YamlEmitter.emit(data);
            } catch (YamlEmitter.Refused e) {
                log.error("serialize_p_data_to_string: dump yaml failed");
                return fail(L, "to", mime, SlurmYaml.ESLURM_DATA_CONV_FAILED);
            }
        }
        return result(L, true, text);
    }

    /** _parse. */
    private int parse(Lua L, String mime) {
        int top = L.getTop();
        Lua.LuaType type = top == 0 ? Lua.LuaType.NONE : L.type(top);
        if (type != Lua.LuaType.STRING && type != Lua.LuaType.NUMBER) {
            return fail(L, "from", mime, LuaData.ESLURM_LUA_INVALID_CONVERSION_TYPE);
        }
        byte[] text = LuaBytes.of(L, top);
        SlurmData data;
        if (mime.equals(JSON)) {
            JsonCTokener.Result r = JsonCTokener.parse(text);
            if (r.data() == null) {
                log.error("_try_parse: JSON parsing error " + text.length + " bytes: " + r.error());
                return fail(L, "from", mime, ESLURM_REST_FAIL_PARSING);
            }
            data = r.data();
        } else {
            SlurmYaml.Result r = SlurmYaml.parse(text);
            if (r.data() == null) {
                if (r.problem() != null) {
                    log.error("_yaml_to_data: " + r.problem());
                }
                return fail(L, "from", mime, r.rc());
            }
            data = r.data();
        }
        L.setTop(0);
        L.push(true);
        new LuaData(L, version).push(data);
        return 2;
    }
}
