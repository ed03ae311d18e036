// How the batch screen counts things in words: "1 file", "3 files".
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
