package io.plugstack.runtime.node.internal;

/**
 * Text a peer chose, made safe for one log line: control characters (a newline that would start a forged
 * line, a NUL) become {@code \xNN}, and it is cut at {@value #MAX} characters, as journald never lets a
 * service's peer write raw control characters into the journal.
 */
final class LogText {

    static final int MAX = 200;

    private LogText() {
    }

    static String of(String peerText) {
        if (peerText == null) {
            return "(none)";
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < peerText.length() && b.length() < MAX; i++) {
            char c = peerText.charAt(i);
            if (Character.isISOControl(c)) {
                b.append(String.format("\\x%02x", (int) c));
            } else {
                b.append(c);
            }
        }
        return peerText.length() > MAX ? b + "..." : b.toString();
    }
}
