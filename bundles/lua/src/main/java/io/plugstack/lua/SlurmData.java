package io.plugstack.lua;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Slurm's {@code data_t} (src/common/data.c), what slurm.to_json/from_json/to_yaml/from_yaml convert
 * through: null, bool, int64, double, string, an ordered dictionary or a list. Strings and keys are C
 * strings held as "byte strings" (one char per byte, 0-255): they end at their first NUL as
 * {@code data_set_string}/{@code data_key_set} do ({@link #cString}). A dictionary keeps its keys in
 * insertion order and setting an existing key changes its value in place ({@code data_key_set}).
 */
final class SlurmData {

    enum Type { NULL, BOOL, INT, FLOAT, STRING, DICT, LIST }

    private Type type = Type.NULL;
    private boolean bool;
    private long integer;
    private double real;
    private String string;
    private LinkedHashMap<String, SlurmData> dict;
    private ArrayList<SlurmData> list;

    static SlurmData ofNull() {
        return new SlurmData();
    }

    static SlurmData ofBool(boolean b) {
        return new SlurmData().setBool(b);
    }

    static SlurmData ofInt(long v) {
        return new SlurmData().setInt(v);
    }

    static SlurmData ofFloat(double v) {
        return new SlurmData().setFloat(v);
    }

    /** @param bytes a byte string, cut at its first NUL */
    static SlurmData ofString(String bytes) {
        return new SlurmData().setString(bytes);
    }

    /** The C string a byte string is: what comes before its first NUL. */
    static String cString(String bytes) {
        int nul = bytes.indexOf('\0');
        return nul < 0 ? bytes : bytes.substring(0, nul);
    }

    private SlurmData release(Type t) {
        type = t;
        string = null;
        dict = null;
        list = null;
        return this;
    }

    SlurmData setNull() {
        return release(Type.NULL);
    }

    SlurmData setBool(boolean b) {
        release(Type.BOOL).bool = b;
        return this;
    }

    SlurmData setInt(long v) {
        release(Type.INT).integer = v;
        return this;
    }

    SlurmData setFloat(double v) {
        release(Type.FLOAT).real = v;
        return this;
    }

    SlurmData setString(String bytes) {
        release(Type.STRING).string = cString(bytes);
        return this;
    }

    SlurmData setDict() {
        release(Type.DICT).dict = new LinkedHashMap<>();
        return this;
    }

    SlurmData setList() {
        release(Type.LIST).list = new ArrayList<>();
        return this;
    }

    /** data_key_set: the child under {@code key} (a C string), a new null one at the end if absent. */
    SlurmData keySet(String key) {
        return dict.computeIfAbsent(cString(key), k -> new SlurmData());
    }

    /** data_list_append: a new null child at the end. */
    SlurmData listAppend() {
        SlurmData child = new SlurmData();
        list.add(child);
        return child;
    }

    /** data_convert_type(DATA_TYPE_LIST) of a dictionary: its values in order, the keys dropped. */
    void dictToList() {
        List<SlurmData> values = new ArrayList<>(dict.values());
        setList();
        list.addAll(values);
    }

    Type type() {
        return type;
    }

    boolean bool() {
        return bool;
    }

    long integer() {
        return integer;
    }

    double real() {
        return real;
    }

    String string() {
        return string;
    }

    Map<String, SlurmData> dict() {
        return dict;
    }

    List<SlurmData> list() {
        return list;
    }
}
