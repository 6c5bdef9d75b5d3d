package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.jphantom.analysis.util.MemberRefMap;
import org.junit.jupiter.api.Test;

/** {@link MemberRefMap} against a map keyed by the joined reference, over random references that collide often. */
class MemberRefMapTest {
    @Test
    void agreesWithAMapOfJoinedKeys() {
        Random random = new Random(11);
        MemberRefMap<Integer> map = new MemberRefMap<>();
        Map<String, Integer> model = new HashMap<>();
        String[] owners = {"a/A", "a/B", "b/A", "java/lang/Object"};
        String[] names = {"m", "n", "<init>", "get"};
        String[] descs = {"()V", "(I)V", "()Ljava/lang/Object;"};
        for (int step = 0; step < 20_000; step++) {
            // new String instances: equal references that are not the same objects must meet
            String owner = new String(owners[random.nextInt(owners.length)] + random.nextInt(40));
            String name = new String(names[random.nextInt(names.length)]);
            String desc = new String(descs[random.nextInt(descs.length)]);
            int flag = random.nextInt(2);
            String key = owner + '.' + name + desc + '#' + flag;
            if (random.nextInt(3) == 0) {
                map.put(owner, name, desc, flag, step);
                model.put(key, step);
            } else {
                assertEquals(model.get(key), map.get(owner, name, desc, flag), key);
            }
        }
        assertEquals(model.size(), map.size());
    }

    @Test
    void theFlagIsPartOfTheKeyAndNullsAreRefused() {
        MemberRefMap<String> map = new MemberRefMap<>();
        map.put("a/A", "m", "()V", 1, "interface");
        assertNull(map.get("a/A", "m", "()V", 0));
        assertEquals("interface", map.get("a/A", "m", "()V", 1));
        assertThrows(IllegalArgumentException.class, () -> map.put("a/A", "m", "()V", 0, null));
    }
}
