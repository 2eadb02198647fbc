package io.plugstack.api.spank;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * One cell of the item table (spec §1.2): what {@code spank_get_item} does for one item in one
 * context. {@code error} is SUCCESS when the context allows the item (subject to the conditions), or the
 * code the context check returns; {@code conditions} are the table's footnotes for that cell.
 */
public record SpankItemRule(SpankError error, Set<SpankItemCondition> conditions) {

    /**
     * A cell; {@code conditions} is copied.
     *
     * @param error      SUCCESS, or the code the context check returns
     * @param conditions the table's footnotes for the cell
     */
    public SpankItemRule {
        Objects.requireNonNull(error, "error");
        EnumSet<SpankItemCondition> copy = EnumSet.noneOf(SpankItemCondition.class);
        copy.addAll(conditions);
        conditions = Collections.unmodifiableSet(copy);
    }

    /**
     * The context allows the item, subject to {@code conditions}.
     *
     * @param conditions the footnotes that still apply
     * @return the cell
     */
    public static SpankItemRule available(SpankItemCondition... conditions) {
        return new SpankItemRule(SpankError.SUCCESS, Set.of(conditions));
    }

    /**
     * The context refuses the item with {@code error}.
     *
     * @param error      the code the context check returns, not SUCCESS
     * @param conditions footnotes describing the refusal
     * @return the cell
     * @throws IllegalArgumentException for SUCCESS
     */
    public static SpankItemRule refused(SpankError error, SpankItemCondition... conditions) {
        if (error == SpankError.SUCCESS) {
            throw new IllegalArgumentException("a refusal needs an error code");
        }
        return new SpankItemRule(error, Set.of(conditions));
    }

    /** {@return whether the context allows the item at all} */
    public boolean isAvailable() {
        return error == SpankError.SUCCESS;
    }

    /**
     * Whether the cell carries {@code condition}.
     *
     * @param condition a footnote
     * @return true when it applies to this cell
     */
    public boolean has(SpankItemCondition condition) {
        return conditions.contains(condition);
    }

    /**
     * The result of the context and phase checks while {@code phase} runs: the context's error, else the
     * first phase condition not met, else SUCCESS. Data conditions ({@link SpankItemCondition#dataError()})
     * remain for the host to apply.
     *
     * @param phase the callback that is running
     * @return the error, or SUCCESS
     */
    public SpankError in(SpankCallback phase) {
        if (!isAvailable()) {
            return error;
        }
        for (SpankItemCondition c : conditions) {
            SpankError e = c.in(phase);
            if (e != SpankError.SUCCESS) {
                return e;
            }
        }
        return SpankError.SUCCESS;
    }
}
