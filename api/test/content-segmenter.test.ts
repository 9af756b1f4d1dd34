import { readFileSync } from 'node:fs';
import { Jieba } from '@node-rs/jieba';
import { dictionaryFile, HMM_MODEL_FILE, JiebaSegmenter, loadJieba, parseDictionary, parseHmmModel } from '../src/modules/content/search/jieba';
import { cutRaw, cutWords, indexTokens } from '../src/modules/content/search/segmenter';
import { random } from '../src/modules/content/seed/data';
import { poems } from '../src/modules/content/seed/poetry';

// The site's segmenter (jieba in TypeScript over typed arrays) against @node-rs/jieba (jieba-rs, native) with the same
// dictionary: every search vector and query was cut by the native one, so the two must agree token for token.
const native = Jieba.withDict(readFileSync(dictionaryFile()));
const ours = loadJieba();

/** The texts on which the two cut differently (both modes), with both cuts, the first few. */
function differences(texts: Iterable<string>): { text: string; ours: string[]; native: string[] }[] {
  const found: { text: string; ours: string[]; native: string[] }[] = [];
  for (const text of texts) {
    for (const [a, b] of [
      [ours.cut(text), native.cut(text, true)],
      [ours.cutForSearch(text), native.cutForSearch(text, true)],
    ]) {
      if (found.length < 5 && JSON.stringify(a) !== JSON.stringify(b)) found.push({ text, ours: a, native: b });
    }
  }
  return found;
}

describe('jieba segmenter', () => {
  it('cuts sentences as jieba does, words, unknown names (HMM), letters, digits and spaces included', () => {
    expect(ours.cut('我们在野生动物园玩，小明硕士毕业于中国科学院计算所，后在日本京都大学深造')).toEqual([
      '我们', '在', '野生', '动物园', '玩', '，', '小明', '硕士', '毕业', '于', '中国科学院', '计算所', '，', '后', '在', '日本京都大学', '深造',
    ]);
    expect(ours.cutForSearch('小明硕士毕业于中国科学院计算所')).toEqual([
      '小明', '硕士', '毕业', '于', '中国', '科学', '学院', '科学院', '中国科学院', '计算', '计算所',
    ]);
    const texts = [
      '他来到了网易杭研大厦', 'iPhone15手机 a-1 3.5% abc.def 1.2.3', 'Hello world!\r\n  两个  空格\t制表',
      'ＡＢＣ全角 café 한국어 日本語のテキスト', '𠀀𠀁汉字扩展B𪚥', '长春市长春节讲话', '结婚的和尚未结婚的', '',
    ];
    expect(differences(texts)).toEqual([]);
  });

  it('agrees with the native jieba on every character of the Basic Multilingual Plane, in and between words', () => {
    const texts: string[] = [];
    for (let code = 1; code < 0x10000; code += 1) {
      if (code >= 0xd800 && code < 0xe000) continue;
      const c = String.fromCharCode(code);
      texts.push(`中${c}国a${c}1 ${c}${c}`);
    }
    expect(differences(texts)).toEqual([]);
  });

  it("agrees with the native jieba on the seed's poems and on random mixed text (fixed seed)", () => {
    const texts: string[] = [];
    for (const poem of poems()) {
      texts.push(`${poem.title} ${poem.author} ${poem.lines.join('')}`);
      if (texts.length >= 10_000) break;
    }
    const rng = random(21);
    const alphabet = Array.from('的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理世车');
    const rare = Array.from('abcXYZ0123456789.-%_+#& ，。！？、“”（）\r\n\t魑魅魍魉饕餮龘𪚥𠀀ｱｲ한국語çé');
    for (let i = 0; i < 20_000; i += 1) {
      let text = '';
      for (let k = rng.int(1, 30); k > 0; k -= 1) text += rng.chance(0.8) ? rng.pick(alphabet) : rng.pick(rare);
      texts.push(text);
    }
    expect(differences(texts)).toEqual([]);
  });

  it('serves the site: query words and index tokens come from it, normalised', () => {
    expect(cutRaw('明月几时有，把酒问青天')).toEqual(native.cut('明月几时有，把酒问青天', true));
    expect(cutWords('明月几时有，把酒问青天！ iPhone')).toEqual(['明月', '几时', '有', '把酒', '问青天', 'iphone']);
    expect(indexTokens('中国科学院')).toEqual(['中国', '科学', '学院', '科学院', '中国科学院', '中', '国', '科', '学', '院']);
  });

  it('reads any dictionary: unsorted lines, duplicates (the later wins) and a missing frequency', () => {
    const segmenter = new JiebaSegmenter(
      parseDictionary('乙丙 5 n\n甲乙 10 n\n甲 3\n乙丙 50 n\n丙\n乙 2 n\n'),
      parseHmmModel(readFileSync(HMM_MODEL_FILE, 'utf8')),
    );
    expect(segmenter.has('甲乙')).toBe(true);
    expect(segmenter.has('甲乙丙')).toBe(false);
    // 甲 乙丙 (3 x 50) beats 甲乙 丙 (10 x 1, 丙 having no frequency)
    expect(segmenter.cut('甲乙丙')).toEqual(['甲', '乙丙']);
    expect(() => parseHmmModel('# nothing\n1 2 3 4\n')).toThrow(/9 data lines/);
  });
});
