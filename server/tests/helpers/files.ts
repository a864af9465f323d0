/** Minimal files of each accepted type (real magic bytes) and disguised ones, for upload tests. */
export const SAMPLES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  png: Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000000970485973000003e8000003e801b57b526b0000001249444154089963e08bdfc417bf89014201001ce2047d070ff8880000000049454e44ae426082',
    'hex',
  ),
  jpg: Buffer.from(
    'ffd8ffdb00430006040506050406060506070706080a100a0a09090a140e0f0c1017141818171416161a1d251f1a1b231c1616202c20232627292a29191f2d302d283025282928ffdb0043010707070a080a130a0a13281a161a2828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828ffc00011080002000203012200021101031101ffc4001500010100000000000000000000000000000007ffc40014100100000000000000000000000000000000ffc40014010100000000000000000000000000000006ffc40014110100000000000000000000000000000000ffda000c03010002110311003f009f807e12ffd9',
    'hex',
  ),
  webp: Buffer.from(
    '524946463a00000057454250565038202e000000d001009d012a0200020001402625a00274ba01f80003b000fef1dc8ffd26cf136789b3e491ffcfccbe5bf7c66000',
    'hex',
  ),
  heic: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic')]),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]),
  html: Buffer.from('<html><script>alert(1)</script></html>'),
};

/** A multipart body with one file in the field `files`. */
export function fileForm(name: string, bytes: Buffer, type = 'application/octet-stream', fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('files', new Blob([bytes], { type }), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}
