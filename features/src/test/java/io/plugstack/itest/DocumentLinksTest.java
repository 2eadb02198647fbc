package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The documents send readers to each other (README to docs/, the guides to the reference): every
 * relative link names a file that exists and, after {@code #}, a heading that file has, with the
 * anchor GitHub makes of it. A section renamed or moved fails here, naming the link's file and line.
 */
class DocumentLinksTest {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void everyLinkBetweenTheDocumentsNamesAFileAndAHeadingThatExist() throws Exception {
        List<String> broken = new ArrayList<>();
        for (Path doc : DocumentedExamplesIT.documents()) {
            List<String> lines = Files.readAllLines(doc);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = LINK.matcher(lines.get(i));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("^[a-z]+:.*")) {
                        continue;
                    }
                    String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                    Path to = file.isEmpty() ? doc : doc.toAbsolutePath().resolveSibling(file).normalize();
                    String where = DocumentedExamplesIT.name(doc) + ":" + (i + 1) + ": " + target;
                    if (!Files.exists(to)) {
                        broken.add(where + ": no file " + to);
                    } else if (target.contains("#") && !anchors(to).contains(target.substring(target.indexOf('#') + 1))) {
                        broken.add(where + ": " + to.getFileName() + " has no such heading");
                    }
                }
            }
        }
        assertThat(broken).as("links to files or headings that do not exist").isEmpty();
    }

    @Test
    void anAnchorIsTheHeadingAsGitHubWritesIt() {
        assertThat(anchor("## Security: who runs what, as whom")).isEqualTo("security-who-runs-what-as-whom");
        assertThat(anchor("## Lua plugins: job_submit/lua and cli_filter/lua")).isEqualTo("lua-plugins-job_submitlua-and-cli_filterlua");
        assertThat(anchor("## The bench's Slurm commands")).isEqualTo("the-benchs-slurm-commands");
    }

    private static Set<String> anchors(Path doc) throws java.io.IOException {
        Set<String> anchors = new HashSet<>();
        boolean fenced = false;
        for (String l : Files.readAllLines(doc)) {
            fenced ^= l.startsWith("```");
            if (!fenced && l.startsWith("#")) {
                anchors.add(anchor(l));
            }
        }
        return anchors;
    }

    /** GitHub's rule: the heading's text in lower case, punctuation other than - and _ dropped, spaces as -. */
    static String anchor(String heading) {
        String text = heading.replaceFirst("^#+\\s*", "").strip().toLowerCase(Locale.ROOT);
        return text.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }
}
